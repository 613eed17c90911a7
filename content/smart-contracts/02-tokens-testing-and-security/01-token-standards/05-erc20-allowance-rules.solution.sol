// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

contract CourseToken is ERC20 {
    error AllowanceBelowZero(address spender, uint256 current, uint256 subtracted);

    constructor() ERC20("Course Token", "CRS") {
        _mint(msg.sender, 1_000_000 * 10 ** decimals());
    }

    function increaseAllowance(address spender, uint256 added) external returns (bool) {
        _approve(msg.sender, spender, allowance(msg.sender, spender) + added);
        return true;
    }

    function decreaseAllowance(address spender, uint256 subtracted) external returns (bool) {
        uint256 current = allowance(msg.sender, spender);
        if (current < subtracted) revert AllowanceBelowZero(spender, current, subtracted);
        _approve(msg.sender, spender, current - subtracted);
        return true;
    }
}
