// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract Owned {
    address public owner;
    uint256 public value;

    error NotOwner(address caller);
    error ZeroAddress();

    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor() {
        // TODO: the deployer is the first owner
    }

    function setValue(uint256 newValue) external {
        // TODO: only the owner
        value = newValue;
    }

    function transferOwnership(address newOwner) external {
        // TODO: only the owner, never the zero address, emit OwnershipTransferred
        owner = newOwner;
    }
}
