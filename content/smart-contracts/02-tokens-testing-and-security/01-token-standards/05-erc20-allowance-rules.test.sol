// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test, Actor} from "Test.sol";
import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {CourseToken} from "./Solution.sol";

contract CourseTokenTest is Test {
    CourseToken token;
    Actor spender;

    function setUp() public override {
        token = new CourseToken();
        spender = newActor();
    }

    function testMetadata() public {
        assertEq(token.name(), "Course Token", "name");
        assertEq(token.symbol(), "CRS", "symbol");
        assertEq(uint256(token.decimals()), 18, "decimals");
    }

    function testDeployerHoldsSupply() public {
        assertEq(token.totalSupply(), 1_000_000 ether, "total supply");
        assertEq(token.balanceOf(address(this)), 1_000_000 ether, "deployer balance");
    }

    function testIncreaseAllowance() public {
        token.approve(address(spender), 10 ether);
        token.increaseAllowance(address(spender), 5 ether);
        assertEq(token.allowance(address(this), address(spender)), 15 ether, "allowance after increase");
    }

    function testDecreaseAllowance() public {
        token.approve(address(spender), 10 ether);
        token.decreaseAllowance(address(spender), 4 ether);
        assertEq(token.allowance(address(this), address(spender)), 6 ether, "allowance after decrease");
    }

    function testDecreaseBelowZeroReverts() public {
        token.approve(address(spender), 1 ether);
        bytes memory data = expectRevert(address(token), abi.encodeCall(CourseToken.decreaseAllowance, (address(spender), 2 ether)));
        assertEq(
            keccak256(data),
            keccak256(abi.encodeWithSelector(CourseToken.AllowanceBelowZero.selector, address(spender), 1 ether, 2 ether)),
            "expected AllowanceBelowZero(spender, 1 ether, 2 ether)"
        );
    }

    function testSpenderMovesWithinAllowance() public {
        token.increaseAllowance(address(spender), 3 ether);
        spender.call(address(token), abi.encodeCall(token.transferFrom, (address(this), address(spender), 2 ether)));
        assertEq(token.balanceOf(address(spender)), 2 ether, "spender received");
        assertEq(token.allowance(address(this), address(spender)), 1 ether, "allowance left");
        expectRevertFrom(spender, address(token), abi.encodeCall(token.transferFrom, (address(this), address(spender), 2 ether)), IERC20Errors.ERC20InsufficientAllowance.selector);
    }
}
