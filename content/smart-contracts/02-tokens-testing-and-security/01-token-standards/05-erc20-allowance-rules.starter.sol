// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

contract CourseToken is ERC20 {
    error AllowanceBelowZero(address spender, uint256 current, uint256 subtracted);

    constructor() ERC20("Course Token", "CRS") {
        // TODO: mint 1,000,000 CRS to the deployer
    }

    function increaseAllowance(address spender, uint256 added) external returns (bool) {
        // TODO
        return true;
    }

    function decreaseAllowance(address spender, uint256 subtracted) external returns (bool) {
        // TODO
        return true;
    }
}
