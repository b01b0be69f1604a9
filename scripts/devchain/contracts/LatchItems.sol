// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IERC1155Receiver {
    function onERC1155Received(address operator, address from, uint256 id, uint256 value, bytes calldata data)
        external
        returns (bytes4);
    function onERC1155BatchReceived(
        address operator,
        address from,
        uint256[] calldata ids,
        uint256[] calldata values,
        bytes calldata data
    ) external returns (bytes4);
}

/// @notice Minimal ERC-1155 with open minting, for the dev chain.
contract LatchItems {
    string public name;
    string public symbol;
    string private uri_;
    mapping(uint256 => mapping(address => uint256)) public balanceOf;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event TransferSingle(
        address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value
    );
    event TransferBatch(
        address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values
    );
    event ApprovalForAll(address indexed account, address indexed operator, bool approved);
    event URI(string value, uint256 indexed id);

    error NotAuthorized();
    error ZeroAddress();
    error LengthMismatch();
    error InsufficientBalance(uint256 id);
    error UnsafeRecipient();

    constructor(string memory name_, string memory symbol_, string memory uri__) {
        name = name_;
        symbol = symbol_;
        uri_ = uri__;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 // ERC-165
            || interfaceId == 0xd9b67a26 // ERC-1155
            || interfaceId == 0x0e89341c; // ERC-1155 metadata URI
    }

    /// @dev Clients substitute `{id}` themselves, as the standard describes.
    function uri(uint256) external view returns (string memory) {
        return uri_;
    }

    function balanceOfBatch(address[] calldata accounts, uint256[] calldata ids)
        external
        view
        returns (uint256[] memory balances)
    {
        if (accounts.length != ids.length) revert LengthMismatch();
        balances = new uint256[](accounts.length);
        for (uint256 i = 0; i < accounts.length; i++) {
            balances[i] = balanceOf[ids[i]][accounts[i]];
        }
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes calldata data) external {
        _authorize(from, to);
        _move(from, to, id, value);
        emit TransferSingle(msg.sender, from, to, id, value);
        if (
            to.code.length > 0
                && IERC1155Receiver(to).onERC1155Received(msg.sender, from, id, value, data)
                    != IERC1155Receiver.onERC1155Received.selector
        ) revert UnsafeRecipient();
    }

    function safeBatchTransferFrom(
        address from,
        address to,
        uint256[] calldata ids,
        uint256[] calldata values,
        bytes calldata data
    ) external {
        if (ids.length != values.length) revert LengthMismatch();
        _authorize(from, to);
        for (uint256 i = 0; i < ids.length; i++) {
            _move(from, to, ids[i], values[i]);
        }
        emit TransferBatch(msg.sender, from, to, ids, values);
        if (
            to.code.length > 0
                && IERC1155Receiver(to).onERC1155BatchReceived(msg.sender, from, ids, values, data)
                    != IERC1155Receiver.onERC1155BatchReceived.selector
        ) revert UnsafeRecipient();
    }

    function mint(address to, uint256 id, uint256 value) external {
        if (to == address(0)) revert ZeroAddress();
        balanceOf[id][to] += value;
        emit TransferSingle(msg.sender, address(0), to, id, value);
    }

    function _authorize(address from, address to) private view {
        if (to == address(0)) revert ZeroAddress();
        if (msg.sender != from && !isApprovedForAll[from][msg.sender]) revert NotAuthorized();
    }

    function _move(address from, address to, uint256 id, uint256 value) private {
        uint256 balance = balanceOf[id][from];
        if (balance < value) revert InsufficientBalance(id);
        unchecked {
            balanceOf[id][from] = balance - value;
        }
        balanceOf[id][to] += value;
    }
}
