// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @notice What a contract must answer to receive a token through safeTransferFrom (EIP-721).
interface TokenReceiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data)
        external
        returns (bytes4);
}

/// @title Collectible: a minimal ERC-721 collection for SigKit's local sandbox chains.
/// @notice Only the deployer (the minter) mints, and it points tokenURI at the API emulator once
/// the emulator's address is known, since the chains start before the emulator does.
contract Collectible {
    string public name;
    string public symbol;
    address public immutable minter;
    uint256 public totalSupply;
    string private baseURI;

    mapping(uint256 => address) private owners;
    mapping(address => uint256) private balances;
    mapping(uint256 => address) public getApproved;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    constructor(string memory name_, string memory symbol_) {
        name = name_;
        symbol = symbol_;
        minter = msg.sender;
    }

    modifier onlyMinter() {
        require(msg.sender == minter, "Collectible: not the minter");
        _;
    }

    /// @dev ERC-165, ERC-721 and ERC-721 Metadata.
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 || interfaceId == 0x80ac58cd || interfaceId == 0x5b5e139f;
    }

    function balanceOf(address owner) external view returns (uint256) {
        require(owner != address(0), "Collectible: zero address");
        return balances[owner];
    }

    function ownerOf(uint256 tokenId) public view returns (address owner) {
        owner = owners[tokenId];
        require(owner != address(0), "Collectible: no such token");
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId);
        return string.concat(baseURI, decimalString(tokenId));
    }

    function setBaseURI(string calldata uri) external onlyMinter {
        baseURI = uri;
    }

    /// @notice Mints the next token (ids count from 1) to `to`.
    function mint(address to) external onlyMinter returns (uint256 tokenId) {
        require(to != address(0), "Collectible: mint to the zero address");
        tokenId = ++totalSupply;
        owners[tokenId] = to;
        balances[to] += 1;
        emit Transfer(address(0), to, tokenId);
    }

    function approve(address approved, uint256 tokenId) external {
        address owner = ownerOf(tokenId);
        require(msg.sender == owner || isApprovedForAll[owner][msg.sender], "Collectible: not allowed");
        getApproved[tokenId] = approved;
        emit Approval(owner, approved, tokenId);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        require(ownerOf(tokenId) == from, "Collectible: from is not the owner");
        require(to != address(0), "Collectible: transfer to the zero address");
        require(
            msg.sender == from || isApprovedForAll[from][msg.sender] || getApproved[tokenId] == msg.sender,
            "Collectible: not allowed"
        );
        delete getApproved[tokenId];
        balances[from] -= 1;
        balances[to] += 1;
        owners[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        // A contract that cannot handle tokens would lock this one forever.
        if (to.code.length > 0) {
            require(
                TokenReceiver(to).onERC721Received(msg.sender, from, tokenId, data) ==
                    TokenReceiver.onERC721Received.selector,
                "Collectible: receiver refused the token"
            );
        }
    }

    function decimalString(uint256 value) private pure returns (string memory) {
        if (value == 0) return "0";
        uint256 length;
        for (uint256 rest = value; rest != 0; rest /= 10) length++;
        bytes memory digits = new bytes(length);
        for (; value != 0; value /= 10) digits[--length] = bytes1(uint8(48 + (value % 10)));
        return string(digits);
    }
}
