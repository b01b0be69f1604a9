// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice The smallest smart account: a contract whose signatures are its owner's (ERC-1271),
/// so tests can check sign-in and signature verification for contract accounts.
contract OwnerAccount {
    bytes4 private constant MAGIC = 0x1626ba7e;
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        return ecrecover(hash, v, r, s) == owner ? MAGIC : bytes4(0xffffffff);
    }
}
