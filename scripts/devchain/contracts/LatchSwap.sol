// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "./IERC20.sol";

/// @notice A fixed-rate, one-way swap: pulls `tokenIn` from the caller and pays `tokenOut` from its
/// own balance in the same transaction, so one history entry has an outgoing and an incoming transfer.
contract LatchSwap {
    IERC20 public immutable tokenIn;
    IERC20 public immutable tokenOut;
    uint256 public immutable rateNumerator;
    uint256 public immutable rateDenominator;

    event Swap(address indexed trader, uint256 amountIn, uint256 amountOut);

    error TransferFailed();

    constructor(IERC20 tokenIn_, IERC20 tokenOut_, uint256 rateNumerator_, uint256 rateDenominator_) {
        tokenIn = tokenIn_;
        tokenOut = tokenOut_;
        rateNumerator = rateNumerator_;
        rateDenominator = rateDenominator_;
    }

    function quote(uint256 amountIn) public view returns (uint256) {
        return amountIn * rateNumerator / rateDenominator;
    }

    function swap(uint256 amountIn) external returns (uint256 amountOut) {
        amountOut = quote(amountIn);
        if (!tokenIn.transferFrom(msg.sender, address(this), amountIn)) revert TransferFailed();
        if (!tokenOut.transfer(msg.sender, amountOut)) revert TransferFailed();
        emit Swap(msg.sender, amountIn, amountOut);
    }
}
