// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test, Actor} from "Test.sol";
import {BalanceSheet} from "./Solution.sol";

contract BalanceSheetTest is Test {
    BalanceSheet sheet;
    Actor alice;

    function setUp() public override {
        sheet = new BalanceSheet();
        alice = newActor();
    }

    function testDepositCredits() public {
        sheet.deposit{value: 3 ether}();
        assertEq(sheet.balanceOf(address(this)), 3 ether, "balance after deposit");
        assertEq(sheet.total(), 3 ether, "total after deposit");
    }

    function testWithdrawPaysBack() public {
        sheet.deposit{value: 3 ether}();
        uint256 before = address(this).balance;
        sheet.withdraw(1 ether);
        assertEq(address(this).balance, before + 1 ether, "ether received");
        assertEq(sheet.balanceOf(address(this)), 2 ether, "balance after withdraw");
        assertEq(sheet.total(), 2 ether, "total after withdraw");
        assertEq(address(sheet).balance, sheet.total(), "ether held equals total");
    }

    function testWithdrawTooMuchReverts() public {
        sheet.deposit{value: 1 ether}();
        bytes memory data = expectRevert(address(sheet), abi.encodeCall(BalanceSheet.withdraw, (2 ether)));
        assertEq(keccak256(data), keccak256(abi.encodeWithSelector(BalanceSheet.InsufficientBalance.selector, 1 ether, 2 ether)), "expected InsufficientBalance(1 ether, 2 ether)");
    }

    function testTransferMovesBooksOnly() public {
        sheet.deposit{value: 5 ether}();
        sheet.transfer(address(alice), 2 ether);
        assertEq(sheet.balanceOf(address(this)), 3 ether, "sender balance");
        assertEq(sheet.balanceOf(address(alice)), 2 ether, "receiver balance");
        assertEq(sheet.total(), 5 ether, "total unchanged");
    }

    function testTransferTooMuchReverts() public {
        expectRevert(address(sheet), abi.encodeCall(BalanceSheet.transfer, (address(alice), 1)), BalanceSheet.InsufficientBalance.selector);
    }
}
