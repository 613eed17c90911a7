// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

contract BadgeToken is ERC20, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    uint256 public constant CAP = 1_000_000 ether;

    error CapExceeded(uint256 cap, uint256 attemptedSupply);

    constructor() ERC20("Badge", "BDG") {
        // TODO: the deployer is admin and minter
    }

    function mint(address to, uint256 amount) external {
        // TODO: only minters, never above CAP
        _mint(to, amount);
    }
}
