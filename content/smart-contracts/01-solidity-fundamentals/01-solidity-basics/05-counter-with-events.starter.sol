// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract Counter {
    uint256 public count;

    event Incremented(address indexed by, uint256 newCount);
    event Decremented(address indexed by, uint256 newCount);

    function increment() external {
        // TODO: add one to count and emit Incremented
    }

    function decrement() external {
        // TODO: revert with "Counter: already zero" at zero, subtract one, emit Decremented
    }
}
