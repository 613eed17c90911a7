// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test, Actor} from "Test.sol";
import {TimeLock} from "./Solution.sol";

contract TimeLockTest is Test {
    TimeLock lock;
    uint256 unlockTime;

    function setUp() public override {
        lock = new TimeLock();
        unlockTime = block.timestamp + 7 days;
    }

    function testPastTimeReverts() public {
        bytes memory data = abi.encodeCall(TimeLock.deposit, (block.timestamp));
        (bool ok, bytes memory ret) = address(lock).call{value: 1 ether}(data);
        assertFalse(ok, "a lock that ends now must be refused");
        assertEq(keccak256(ret), keccak256(abi.encodeWithSelector(TimeLock.UnlockTimeInPast.selector)), "expected UnlockTimeInPast()");
    }

    function testSecondLockReverts() public {
        lock.deposit{value: 1 ether}(unlockTime);
        (bool ok, bytes memory ret) = address(lock).call{value: 1 ether}(abi.encodeCall(TimeLock.deposit, (unlockTime + 1)));
        assertFalse(ok, "a second lock must be refused");
        assertEq(keccak256(ret), keccak256(abi.encodeWithSelector(TimeLock.AlreadyLocked.selector)), "expected AlreadyLocked()");
    }

    function testEarlyWithdrawReverts() public {
        lock.deposit{value: 1 ether}(unlockTime);
        vm.warp(unlockTime - 1);
        bytes memory ret = expectRevert(address(lock), abi.encodeCall(TimeLock.withdraw, ()));
        assertEq(keccak256(ret), keccak256(abi.encodeWithSelector(TimeLock.StillLocked.selector, unlockTime)), "expected StillLocked(unlockTime)");
    }

    function testWithdrawAtUnlockTime() public {
        lock.deposit{value: 2 ether}(unlockTime);
        vm.warp(unlockTime);
        uint256 before = address(this).balance;
        lock.withdraw();
        assertEq(address(this).balance, before + 2 ether, "ether back at the unlock time");
        assertEq(lock.amountOf(address(this)), 0, "nothing left locked");
    }

    function testNothingLockedReverts() public {
        expectRevert(address(lock), abi.encodeCall(TimeLock.withdraw, ()), TimeLock.NothingLocked.selector);
    }

    function testLockAgainAfterWithdraw() public {
        lock.deposit{value: 1 ether}(unlockTime);
        vm.warp(unlockTime);
        lock.withdraw();
        lock.deposit{value: 1 ether}(unlockTime + 1 days);
        assertEq(lock.amountOf(address(this)), 1 ether, "locked again");
    }
}
