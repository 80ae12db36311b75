// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IPairToken {
    function balanceOf(address owner) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
}

/// @title SwapPair: one constant-product pool (reserve0 * reserve1 = k) of two ERC-20 tokens.
/// @notice Callers send tokens to the pair first and then call mint() or swap(): the pair measures
///         what arrived from its own balances, so it needs no allowance and trusts no amount it is
///         told. SwapRouter creates pairs and does both steps in one transaction.
contract SwapPair {
    /// 0.3 % of every input stays in the pool, for the liquidity providers.
    uint256 public constant FEE_PER_MILLE = 3;

    /// Sorted by address, so a pair of two tokens has one order whoever created it.
    address public immutable token0;
    address public immutable token1;
    uint256 public reserve0;
    uint256 public reserve1;

    /// Liquidity shares: a provider's claim on the reserves (not transferable; nothing here burns them).
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    bool private locked;

    event Mint(address indexed sender, address indexed to, uint256 amount0, uint256 amount1, uint256 liquidity);
    event Swap(
        address indexed sender,
        address indexed to,
        uint256 amount0In,
        uint256 amount1In,
        uint256 amount0Out,
        uint256 amount1Out
    );
    event Sync(uint256 reserve0, uint256 reserve1);

    /// A token that calls back into the pair mid-transfer must not see half-updated reserves.
    modifier lock() {
        require(!locked, "SwapPair: locked");
        locked = true;
        _;
        locked = false;
    }

    constructor(address tokenA, address tokenB) {
        require(tokenA != tokenB, "SwapPair: identical tokens");
        (token0, token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        require(token0 != address(0), "SwapPair: zero address");
    }

    function getReserves() external view returns (uint256, uint256) {
        return (reserve0, reserve1);
    }

    /// Turns the tokens sent since the last update into liquidity shares for `to`.
    function mint(address to) external lock returns (uint256 liquidity) {
        uint256 balance0 = IPairToken(token0).balanceOf(address(this));
        uint256 balance1 = IPairToken(token1).balanceOf(address(this));
        uint256 amount0 = balance0 - reserve0;
        uint256 amount1 = balance1 - reserve1;
        if (totalSupply == 0) {
            // The geometric mean makes the first share's value independent of the deposit's ratio.
            liquidity = _sqrt(amount0 * amount1);
        } else {
            // A deposit off the pool's ratio earns shares for its smaller side only.
            liquidity = _min((amount0 * totalSupply) / reserve0, (amount1 * totalSupply) / reserve1);
        }
        require(liquidity > 0, "SwapPair: insufficient liquidity minted");
        totalSupply += liquidity;
        balanceOf[to] += liquidity;
        _update(balance0, balance1);
        emit Mint(msg.sender, to, amount0, amount1, liquidity);
    }

    /// Pays the amounts out to `to`, then requires that enough came in (sent before this call) for
    /// the product of the balances, less the fee on the inputs, to be no smaller than before.
    function swap(uint256 amount0Out, uint256 amount1Out, address to) external lock {
        require(amount0Out > 0 || amount1Out > 0, "SwapPair: insufficient output amount");
        require(amount0Out < reserve0 && amount1Out < reserve1, "SwapPair: insufficient liquidity");
        require(to != token0 && to != token1, "SwapPair: invalid recipient");
        if (amount0Out > 0) _send(token0, to, amount0Out);
        if (amount1Out > 0) _send(token1, to, amount1Out);
        uint256 balance0 = IPairToken(token0).balanceOf(address(this));
        uint256 balance1 = IPairToken(token1).balanceOf(address(this));
        uint256 amount0In = balance0 > reserve0 - amount0Out ? balance0 - (reserve0 - amount0Out) : 0;
        uint256 amount1In = balance1 > reserve1 - amount1Out ? balance1 - (reserve1 - amount1Out) : 0;
        require(amount0In > 0 || amount1In > 0, "SwapPair: insufficient input amount");
        uint256 adjusted0 = balance0 * 1000 - amount0In * FEE_PER_MILLE;
        uint256 adjusted1 = balance1 * 1000 - amount1In * FEE_PER_MILLE;
        require(adjusted0 * adjusted1 >= reserve0 * reserve1 * 1_000_000, "SwapPair: constant product violated");
        _update(balance0, balance1);
        emit Swap(msg.sender, to, amount0In, amount1In, amount0Out, amount1Out);
    }

    function _update(uint256 balance0, uint256 balance1) private {
        reserve0 = balance0;
        reserve1 = balance1;
        emit Sync(balance0, balance1);
    }

    function _send(address token, address to, uint256 value) private {
        // Some tokens return nothing from transfer(): no data counts as success.
        (bool ok, bytes memory data) = token.call(abi.encodeCall(IPairToken.transfer, (to, value)));
        require(ok && (data.length == 0 || abi.decode(data, (bool))), "SwapPair: transfer failed");
    }

    function _min(uint256 a, uint256 b) private pure returns (uint256) {
        return a < b ? a : b;
    }

    /// Integer square root by Newton's method (rounds down).
    function _sqrt(uint256 y) private pure returns (uint256 z) {
        if (y > 3) {
            z = y;
            uint256 x = y / 2 + 1;
            while (x < z) {
                z = x;
                x = (y / x + x) / 2;
            }
        } else if (y != 0) {
            z = 1;
        }
    }
}
