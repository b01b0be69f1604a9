// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "./IERC20.sol";
import {LatchNFT} from "./LatchNFT.sol";

/// @notice An unsolicited collection of the kind wallets must flag as spam. Besides plain airdrops it
/// can bundle a spam token with a real token transfer in one transaction, so that a history entry
/// carries both a spam and a genuine transfer.
contract SpamNFT is LatchNFT {
    error TokenTransferFailed();

    constructor(string memory name_, string memory symbol_, string memory baseURI_)
        LatchNFT(name_, symbol_, baseURI_)
    {}

    /// @notice Mints a token to `to` and pays it `amount` of `token` from this contract's balance.
    function dropWithToken(address to, address token, uint256 amount) external {
        _mint(to);
        if (!IERC20(token).transfer(to, amount)) revert TokenTransferFailed();
    }
}
