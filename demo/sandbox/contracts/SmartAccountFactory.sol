// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./SmartAccount.sol";

/// @title SmartAccountFactory: one SmartAccount per owner at a CREATE2 address (salt 0), so an
/// account's address is known (and can be funded) before it exists.
contract SmartAccountFactory {
    event AccountDeployed(address indexed owner, address account);

    /// @notice Deploy `owner`'s account, or return it when it already exists.
    function deploy(address owner) external returns (address account) {
        account = addressOf(owner);
        if (account.code.length > 0) return account;
        SmartAccount created = new SmartAccount{salt: bytes32(0)}(owner);
        account = address(created);
        emit AccountDeployed(owner, account);
    }

    /// @notice Where `owner`'s account is (or will be).
    function addressOf(address owner) public view returns (address) {
        bytes32 codeHash = keccak256(abi.encodePacked(type(SmartAccount).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), bytes32(0), codeHash)))));
    }
}
