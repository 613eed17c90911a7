// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract TimeLock {
    mapping(address => uint256) public amountOf;
    mapping(address => uint256) public unlockAt;

    error UnlockTimeInPast();
    error AlreadyLocked();
    error StillLocked(uint256 unlockTime);
    error NothingLocked();

    function deposit(uint256 unlockTime) external payable {
        // TODO: refuse a time that is not in the future, and a second lock
        amountOf[msg.sender] += msg.value;
        unlockAt[msg.sender] = unlockTime;
    }

    function withdraw() external {
        // TODO: nothing before the unlock time
        uint256 amount = amountOf[msg.sender];
        amountOf[msg.sender] = 0;
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "send failed");
    }
}
