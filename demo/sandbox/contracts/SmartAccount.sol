// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title SmartAccount: the sandbox secure frame's smart account, owned by one embedded EOA.
/// @notice The owner sends `execute` (or `executeBatch`) for every call the account makes;
/// signatures made by the owner's key are the account's own (ERC-1271), so a dapp verifies them
/// against this address.
contract SmartAccount {
    address public immutable owner;

    bytes4 private constant ERC1271_MAGIC_VALUE = 0x1626ba7e;
    bytes4 private constant ERC1271_INVALID = 0xffffffff;
    /// secp256k1n / 2: a higher `s` is the malleable twin of a valid signature.
    uint256 private constant HALF_CURVE_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    error NotOwner();
    error BatchLengthMismatch();

    constructor(address owner_) {
        owner = owner_;
    }

    receive() external payable {}

    /// @notice Call `to` with `value` and `data` as this account; a revert is passed on as it is.
    function execute(address to, uint256 value, bytes calldata data) external returns (bytes memory result) {
        if (msg.sender != owner) revert NotOwner();
        bool ok;
        (ok, result) = to.call{value: value}(data);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
    }

    /// @notice Several calls as this account in one transaction (an EIP-5792 atomic batch): each
    /// call sees what the previous ones did, and a revert of any undoes them all.
    function executeBatch(address[] calldata to, uint256[] calldata value, bytes[] calldata data) external {
        if (msg.sender != owner) revert NotOwner();
        if (to.length != value.length || to.length != data.length) revert BatchLengthMismatch();
        for (uint256 i = 0; i < to.length; i++) {
            (bool ok, bytes memory result) = to[i].call{value: value[i]}(data[i]);
            if (!ok) {
                assembly {
                    revert(add(result, 32), mload(result))
                }
            }
        }
    }

    /// @notice ERC-1271: valid when the owner's key signed `hash` (65 bytes r, s, v).
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return ERC1271_INVALID;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        if (uint256(s) > HALF_CURVE_ORDER || (v != 27 && v != 28)) return ERC1271_INVALID;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? ERC1271_MAGIC_VALUE : ERC1271_INVALID;
    }
}
