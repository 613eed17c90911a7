// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test, Actor} from "Test.sol";
import {ConstantProduct} from "./Solution.sol";

contract ConstantProductTest is Test {
    ConstantProduct amm;

    function setUp() public override {
        amm = new ConstantProduct();
    }

    function testQuoteWithFee() public {
        assertEq(amm.getAmountOut(1 ether, 100 ether, 200 ether), 1974316068794122597, "1 in, reserves 100/200");
    }

    function testBalancedPool() public {
        assertEq(amm.getAmountOut(10 ether, 1000 ether, 1000 ether), 9871580343970612988, "10 in, reserves 1000/1000");
    }

    function testRoundsDown() public {
        assertEq(amm.getAmountOut(1000, 1_000_000, 1_000_000), 996, "small amounts round down");
    }

    function testProductNeverFalls() public {
        uint256 reserveIn = 5_000 ether;
        uint256 reserveOut = 12_345 ether;
        uint256 amountIn = 777 ether;
        uint256 out = amm.getAmountOut(amountIn, reserveIn, reserveOut);
        assertGe((reserveIn + amountIn) * (reserveOut - out), reserveIn * reserveOut, "k after the swap");
    }

    function testZeroInputReverts() public {
        expectRevert(address(amm), abi.encodeCall(ConstantProduct.getAmountOut, (0, 1 ether, 1 ether)), ConstantProduct.InsufficientInputAmount.selector);
    }

    function testEmptyReserveReverts() public {
        expectRevert(address(amm), abi.encodeCall(ConstantProduct.getAmountOut, (1 ether, 0, 1 ether)), ConstantProduct.InsufficientLiquidity.selector);
    }
}
