// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test, Actor} from "Test.sol";
import {Owned} from "./Solution.sol";

contract OwnedTest is Test {
    Owned owned;
    Actor stranger;

    function setUp() public override {
        owned = new Owned();
        stranger = newActor();
    }

    function testDeployerIsOwner() public {
        assertEq(owned.owner(), address(this), "owner after deploy");
    }

    function testOwnerCanSetValue() public {
        owned.setValue(42);
        assertEq(owned.value(), 42, "value");
    }

    function testStrangerCannotSetValue() public {
        (bool ok, bytes memory data) = stranger.tryCall(address(owned), abi.encodeCall(Owned.setValue, (7)));
        assertFalse(ok, "a stranger's setValue must revert");
        assertEq(keccak256(data), keccak256(abi.encodeWithSelector(Owned.NotOwner.selector, address(stranger))), "expected NotOwner(stranger)");
    }

    function testTransferToZeroReverts() public {
        expectRevert(address(owned), abi.encodeCall(Owned.transferOwnership, (address(0))), Owned.ZeroAddress.selector);
    }

    function testTransferEmitsAndMovesPower() public {
        expectEmit(address(owned), Owned.OwnershipTransferred.selector, bytes32(uint256(uint160(address(this)))), bytes32(uint256(uint160(address(stranger)))), "");
        owned.transferOwnership(address(stranger));
        assertEq(owned.owner(), address(stranger), "new owner");
        stranger.call(address(owned), abi.encodeCall(Owned.setValue, (9)));
        assertEq(owned.value(), 9, "the new owner can set the value");
        expectRevert(address(owned), abi.encodeCall(Owned.setValue, (1)), Owned.NotOwner.selector);
    }

    function testStrangerCannotTransfer() public {
        expectRevertFrom(stranger, address(owned), abi.encodeCall(Owned.transferOwnership, (address(stranger))), Owned.NotOwner.selector);
    }
}
