// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test, Actor} from "Test.sol";
import {Vault} from "./Solution.sol";

/// Deposits 1 ether, then withdraws and re-enters withdraw() from receive() while the vault has ether.
contract Attacker {
    Vault immutable vault;

    constructor(Vault target) {
        vault = target;
    }

    function attack() external payable {
        vault.deposit{value: msg.value}();
        vault.withdraw();
    }

    receive() external payable {
        if (address(vault).balance >= 1 ether) {
            try vault.withdraw() {} catch {}
        }
    }
}

contract VaultTest is Test {
    Vault vault;

    function setUp() public override {
        vault = new Vault();
        // An honest depositor's savings.
        vault.deposit{value: 10 ether}();
    }

    function testDepositAndWithdraw() public {
        uint256 before = address(this).balance;
        vault.withdraw();
        assertEq(address(this).balance, before + 10 ether, "ether back");
        assertEq(vault.balances(address(this)), 0, "balance after withdraw");
    }

    function testNothingToWithdrawReverts() public {
        vault.withdraw();
        expectRevert(address(vault), abi.encodeCall(Vault.withdraw, ()), Vault.NothingToWithdraw.selector);
    }

    function testReentrancyCannotDrain() public {
        Attacker attacker = new Attacker(vault);
        try attacker.attack{value: 1 ether}() {} catch {}
        assertLe(address(attacker).balance, 1 ether, "the attacker took more than its deposit");
        assertEq(address(vault).balance, 10 ether, "the honest deposit must stay in the vault");
        assertEq(vault.balances(address(this)), 10 ether, "the honest balance must be intact");
    }
}
