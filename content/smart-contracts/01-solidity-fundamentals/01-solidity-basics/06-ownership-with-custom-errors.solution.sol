// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract Owned {
    address public owner;
    uint256 public value;

    error NotOwner(address caller);
    error ZeroAddress();

    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        _;
    }

    constructor() {
        owner = msg.sender;
    }

    function setValue(uint256 newValue) external onlyOwner {
        value = newValue;
    }

    function transferOwnership(address newOwner) external onlyOwner {
        if (newOwner == address(0)) revert ZeroAddress();
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }
}
