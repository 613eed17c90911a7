// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract BalanceSheet {
    mapping(address => uint256) public balanceOf;
    uint256 public total;

    error InsufficientBalance(uint256 available, uint256 requested);

    function deposit() external payable {
        balanceOf[msg.sender] += msg.value;
        total += msg.value;
    }

    function withdraw(uint256 amount) external {
        uint256 available = balanceOf[msg.sender];
        if (amount > available) revert InsufficientBalance(available, amount);
        balanceOf[msg.sender] = available - amount;
        total -= amount;
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "send failed");
    }

    function transfer(address to, uint256 amount) external {
        uint256 available = balanceOf[msg.sender];
        if (amount > available) revert InsufficientBalance(available, amount);
        balanceOf[msg.sender] = available - amount;
        balanceOf[to] += amount;
    }
}
