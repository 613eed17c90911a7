// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract BalanceSheet {
    mapping(address => uint256) public balanceOf;
    uint256 public total;

    error InsufficientBalance(uint256 available, uint256 requested);

    function deposit() external payable {
        // TODO: credit msg.value to the sender and to total
    }

    function withdraw(uint256 amount) external {
        // TODO: check the balance, update the books, then send the ether
    }

    function transfer(address to, uint256 amount) external {
        // TODO: move amount from the sender to `to` on the books
    }
}
