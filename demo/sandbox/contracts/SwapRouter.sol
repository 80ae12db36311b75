// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./SwapPair.sol";

interface IRouterToken {
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

interface IWrappedEther {
    function deposit() external payable;
    function withdraw(uint256 value) external;
    function transfer(address to, uint256 value) external returns (bool);
}

/// @title SwapRouter: creates SwapPairs and swaps along a path of them, the sandbox's one AMM.
/// @notice Users approve the router (not the pairs) for the token they sell. ETH goes in and out
///         as WrappedEther; the pools only ever hold ERC-20s.
contract SwapRouter {
    address public immutable weth;

    /// The pair of two tokens, under both orders. address(0): no pool.
    mapping(address => mapping(address => address)) public pairFor;
    address[] public allPairs;

    event PairCreated(address indexed token0, address indexed token1, address pair, uint256 index);

    /// A signed swap that waits too long in a mempool must not execute at a stale price.
    modifier ensure(uint256 deadline) {
        require(block.timestamp <= deadline, "SwapRouter: expired");
        _;
    }

    constructor(address weth_) {
        weth = weth_;
    }

    /// Only WETH's withdraw() pays the router ETH (in swapExactTokensForETH); anything else
    /// sent here would be stuck.
    receive() external payable {
        require(msg.sender == weth, "SwapRouter: ETH only from WETH");
    }

    function allPairsLength() external view returns (uint256) {
        return allPairs.length;
    }

    function createPair(address tokenA, address tokenB) public returns (address pair) {
        require(pairFor[tokenA][tokenB] == address(0), "SwapRouter: pair exists");
        pair = address(new SwapPair(tokenA, tokenB));
        pairFor[tokenA][tokenB] = pair;
        pairFor[tokenB][tokenA] = pair;
        allPairs.push(pair);
        emit PairCreated(SwapPair(pair).token0(), SwapPair(pair).token1(), pair, allPairs.length - 1);
    }

    /// Deposits both tokens (creating the pair on first use) and mints the liquidity shares to
    /// `to`. Into an existing pool the amounts are cut to its current ratio, so adding liquidity
    /// never moves the price.
    function addLiquidity(
        address tokenA,
        address tokenB,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity) {
        address pair = pairFor[tokenA][tokenB];
        if (pair == address(0)) pair = createPair(tokenA, tokenB);
        (amountA, amountB) = _amountsAtPrice(pair, tokenA, amountADesired, amountBDesired, amountAMin, amountBMin);
        _pull(tokenA, msg.sender, pair, amountA);
        _pull(tokenB, msg.sender, pair, amountB);
        liquidity = SwapPair(pair).mint(to);
    }

    function _amountsAtPrice(
        address pair,
        address tokenA,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin
    ) private view returns (uint256, uint256) {
        (uint256 reserveA, uint256 reserveB) = _reservesOf(pair, tokenA);
        if (reserveA == 0 && reserveB == 0) return (amountADesired, amountBDesired);
        uint256 amountBAtPrice = (amountADesired * reserveB) / reserveA;
        if (amountBAtPrice <= amountBDesired) {
            require(amountBAtPrice >= amountBMin, "SwapRouter: insufficient B amount");
            return (amountADesired, amountBAtPrice);
        }
        uint256 amountAAtPrice = (amountBDesired * reserveA) / reserveB;
        require(amountAAtPrice >= amountAMin, "SwapRouter: insufficient A amount");
        return (amountAAtPrice, amountBDesired);
    }

    /// What one pool pays for `amountIn`, after the 0.3 % fee: the output that keeps
    /// (reserveIn + 0.997 amountIn) * (reserveOut - amountOut) >= reserveIn * reserveOut.
    function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) public pure returns (uint256) {
        require(amountIn > 0, "SwapRouter: insufficient input amount");
        require(reserveIn > 0 && reserveOut > 0, "SwapRouter: insufficient liquidity");
        uint256 amountInWithFee = amountIn * (1000 - 3);
        return (amountInWithFee * reserveOut) / (reserveIn * 1000 + amountInWithFee);
    }

    /// The amount at each step of `path` (amounts[0] = amountIn), from the pools' reserves now.
    function getAmountsOut(uint256 amountIn, address[] calldata path) public view returns (uint256[] memory amounts) {
        require(path.length >= 2, "SwapRouter: invalid path");
        amounts = new uint256[](path.length);
        amounts[0] = amountIn;
        for (uint256 i = 0; i < path.length - 1; i++) {
            address pair = pairFor[path[i]][path[i + 1]];
            require(pair != address(0), "SwapRouter: no pair");
            (uint256 reserveIn, uint256 reserveOut) = _reservesOf(pair, path[i]);
            amounts[i + 1] = getAmountOut(amounts[i], reserveIn, reserveOut);
        }
    }

    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256[] memory amounts) {
        amounts = _quote(amountIn, amountOutMin, path);
        _pull(path[0], msg.sender, pairFor[path[0]][path[1]], amountIn);
        _swap(amounts, path, to);
    }

    function swapExactETHForTokens(
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external payable ensure(deadline) returns (uint256[] memory amounts) {
        require(path[0] == weth, "SwapRouter: path must start at WETH");
        amounts = _quote(msg.value, amountOutMin, path);
        IWrappedEther(weth).deposit{value: msg.value}();
        require(IWrappedEther(weth).transfer(pairFor[path[0]][path[1]], msg.value), "SwapRouter: WETH transfer failed");
        _swap(amounts, path, to);
    }

    function swapExactTokensForETH(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256[] memory amounts) {
        require(path[path.length - 1] == weth, "SwapRouter: path must end at WETH");
        amounts = _quote(amountIn, amountOutMin, path);
        _pull(path[0], msg.sender, pairFor[path[0]][path[1]], amountIn);
        _swap(amounts, path, address(this));
        uint256 amountOut = amounts[amounts.length - 1];
        IWrappedEther(weth).withdraw(amountOut);
        (bool sent, ) = to.call{value: amountOut}("");
        require(sent, "SwapRouter: ETH transfer failed");
    }

    function _quote(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path
    ) private view returns (uint256[] memory amounts) {
        amounts = getAmountsOut(amountIn, path);
        require(amounts[amounts.length - 1] >= amountOutMin, "SwapRouter: insufficient output amount");
    }

    /// Each pool pays its output straight into the next pool (or to `to` at the end), which is
    /// that pool's input: no token rests in the router between hops.
    function _swap(uint256[] memory amounts, address[] calldata path, address to) private {
        for (uint256 i = 0; i < path.length - 1; i++) {
            SwapPair pair = SwapPair(pairFor[path[i]][path[i + 1]]);
            uint256 amountOut = amounts[i + 1];
            (uint256 amount0Out, uint256 amount1Out) = path[i] == pair.token0()
                ? (uint256(0), amountOut)
                : (amountOut, uint256(0));
            address recipient = i < path.length - 2 ? pairFor[path[i + 1]][path[i + 2]] : to;
            pair.swap(amount0Out, amount1Out, recipient);
        }
    }

    function _reservesOf(address pair, address tokenIn) private view returns (uint256 reserveIn, uint256 reserveOut) {
        (uint256 reserve0, uint256 reserve1) = SwapPair(pair).getReserves();
        (reserveIn, reserveOut) = tokenIn == SwapPair(pair).token0() ? (reserve0, reserve1) : (reserve1, reserve0);
    }

    function _pull(address token, address from, address to, uint256 value) private {
        (bool ok, bytes memory data) = token.call(abi.encodeCall(IRouterToken.transferFrom, (from, to, value)));
        require(ok && (data.length == 0 || abi.decode(data, (bool))), "SwapRouter: transferFrom failed");
    }
}
