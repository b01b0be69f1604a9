// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice The read side of Farcaster's ID registry (`idOf`, `custodyOf`, `recoveryOf`, `idCounter`)
/// with the same storage order, so the dev chain can carry Farcaster accounts for Sign In With
/// Farcaster (docs/social.md#farcaster). `register` is open to anyone: this is for the dev chain only.
contract FarcasterIdRegistry {
    uint256 public idCounter;
    mapping(address => uint256) public idOf;
    mapping(uint256 => address) public custodyOf;
    mapping(uint256 => address) public recoveryOf;

    event Register(address indexed to, uint256 indexed id, address recovery);

    function register(address recovery) external returns (uint256 fid) {
        require(idOf[msg.sender] == 0, "Has Id");
        fid = ++idCounter;
        idOf[msg.sender] = fid;
        custodyOf[fid] = msg.sender;
        recoveryOf[fid] = recovery;
        emit Register(msg.sender, fid, recovery);
    }
}
