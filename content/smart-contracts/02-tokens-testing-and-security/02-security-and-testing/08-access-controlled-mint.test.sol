// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test, Actor} from "Test.sol";
import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {BadgeToken} from "./Solution.sol";

contract BadgeTokenTest is Test {
    BadgeToken token;
    Actor outsider;

    function setUp() public override {
        token = new BadgeToken();
        outsider = newActor();
    }

    function testDeployerHasRoles() public {
        assertTrue(token.hasRole(token.DEFAULT_ADMIN_ROLE(), address(this)), "deployer is admin");
        assertTrue(token.hasRole(token.MINTER_ROLE(), address(this)), "deployer is minter");
    }

    function testMinterMints() public {
        token.mint(address(outsider), 5 ether);
        assertEq(token.balanceOf(address(outsider)), 5 ether, "minted balance");
    }

    function testOutsiderCannotMint() public {
        (bool ok, bytes memory data) = outsider.tryCall(address(token), abi.encodeCall(BadgeToken.mint, (address(outsider), 1 ether)));
        assertFalse(ok, "an outsider's mint must revert");
        assertEq(
            keccak256(data),
            keccak256(abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, address(outsider), token.MINTER_ROLE())),
            "expected AccessControlUnauthorizedAccount(outsider, MINTER_ROLE)"
        );
        assertEq(token.totalSupply(), 0, "no supply created");
    }

    function testGrantedMinterMints() public {
        token.grantRole(token.MINTER_ROLE(), address(outsider));
        outsider.call(address(token), abi.encodeCall(BadgeToken.mint, (address(outsider), 2 ether)));
        assertEq(token.balanceOf(address(outsider)), 2 ether, "minted by the new minter");
    }

    function testCapHolds() public {
        token.mint(address(this), 999_999 ether);
        bytes memory data = expectRevert(address(token), abi.encodeCall(BadgeToken.mint, (address(this), 2 ether)));
        assertEq(keccak256(data), keccak256(abi.encodeWithSelector(BadgeToken.CapExceeded.selector, 1_000_000 ether, 1_000_001 ether)), "expected CapExceeded(cap, 1,000,001 BDG)");
        token.mint(address(this), 1 ether);
        assertEq(token.totalSupply(), 1_000_000 ether, "exactly the cap");
    }
}
