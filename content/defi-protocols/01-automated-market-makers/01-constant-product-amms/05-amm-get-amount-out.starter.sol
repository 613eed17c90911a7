// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract ConstantProduct {
    error InsufficientInputAmount();
    error InsufficientLiquidity();

    function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) public pure returns (uint256) {
        // TODO: the 0.3% fee, the checks, and x * y = k
        return amountIn * reserveOut / reserveIn;
    }
}
