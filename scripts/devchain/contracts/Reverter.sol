// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice Every call to `poke` reverts with a reason string, so the seed can mine a failed transaction.
contract Reverter {
    event Poked(address indexed by);

    function poke() external {
        emit Poked(msg.sender);
        revert("Latch: this call always reverts");
    }
}
