// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test, Actor} from "Test.sol";
import {Counter} from "./Solution.sol";

contract CounterTest is Test {
    Counter counter;

    function setUp() public override {
        counter = new Counter();
    }

    function testStartsAtZero() public {
        assertEq(counter.count(), 0, "count at start");
    }

    function testIncrementAddsOne() public {
        counter.increment();
        counter.increment();
        assertEq(counter.count(), 2, "count after two increments");
    }

    function testIncrementEmitsEvent() public {
        expectEmit(address(counter), Counter.Incremented.selector, bytes32(uint256(uint160(address(this)))), abi.encode(uint256(1)));
        counter.increment();
    }

    function testDecrementSubtractsOne() public {
        counter.increment();
        counter.increment();
        counter.decrement();
        assertEq(counter.count(), 1, "count after decrement");
    }

    function testDecrementEmitsEvent() public {
        counter.increment();
        expectEmit(address(counter), Counter.Decremented.selector, bytes32(uint256(uint160(address(this)))), abi.encode(uint256(0)));
        counter.decrement();
    }

    function testDecrementAtZeroReverts() public {
        expectRevert(address(counter), abi.encodeCall(Counter.decrement, ()), "Counter: already zero");
    }
}
