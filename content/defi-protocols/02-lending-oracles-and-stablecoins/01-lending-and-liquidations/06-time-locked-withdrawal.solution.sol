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
        if (unlockTime <= block.timestamp) revert UnlockTimeInPast();
        if (amountOf[msg.sender] != 0) revert AlreadyLocked();
        amountOf[msg.sender] = msg.value;
        unlockAt[msg.sender] = unlockTime;
    }

    function withdraw() external {
        uint256 amount = amountOf[msg.sender];
        if (amount == 0) revert NothingLocked();
        uint256 unlockTime = unlockAt[msg.sender];
        if (block.timestamp < unlockTime) revert StillLocked(unlockTime);
        amountOf[msg.sender] = 0;
        unlockAt[msg.sender] = 0;
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "send failed");
    }
}
