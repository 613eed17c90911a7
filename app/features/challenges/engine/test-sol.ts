// The bundled test library every challenge's tests import as "Test.sol": Foundry-style assertions that
// revert with a readable message, revert expectations, actors (other senders) and two cheatcodes
// (`vm.warp`, `vm.expectEmit`) answered by the grader's own precompile (evm.server.ts).
export const TEST_SOL = `// SPDX-License-Identifier: MIT
pragma solidity >=0.8.20 <0.9.0;

/// Cheatcodes the grader answers at Foundry's cheatcode address.
interface Vm {
    /// Sets block.timestamp for the rest of the test.
    function warp(uint256 timestamp) external;
    /// The test fails unless \`emitter\` emits a log with exactly these topics and data before it ends.
    function expectEmit(address emitter, bytes32[] calldata topics, bytes calldata data) external;
}

/// Another account: calls made through it have the actor as msg.sender.
contract Actor {
    function call(address target, bytes memory data) public payable returns (bytes memory) {
        (bool ok, bytes memory ret) = target.call{value: msg.value}(data);
        if (!ok) {
            assembly {
                revert(add(ret, 32), mload(ret))
            }
        }
        return ret;
    }

    function tryCall(address target, bytes memory data) public payable returns (bool, bytes memory) {
        return target.call{value: msg.value}(data);
    }

    receive() external payable {}
}

abstract contract Test {
    Vm internal constant vm = Vm(0x7109709ECfa91a80626fF3989D68f67F5b1DD12D);

    function setUp() public virtual {}

    receive() external payable virtual {}

    function fail(string memory message) internal pure {
        revert(message);
    }

    function assertTrue(bool condition) internal pure {
        assertTrue(condition, "assertTrue failed");
    }

    function assertTrue(bool condition, string memory message) internal pure {
        if (!condition) revert(message);
    }

    function assertFalse(bool condition) internal pure {
        assertTrue(!condition, "assertFalse failed");
    }

    function assertFalse(bool condition, string memory message) internal pure {
        assertTrue(!condition, message);
    }

    function assertEq(uint256 actual, uint256 expected) internal pure {
        assertEq(actual, expected, "assertEq failed");
    }

    function assertEq(uint256 actual, uint256 expected, string memory message) internal pure {
        if (actual != expected) revert(_mismatch(message, _toString(actual), _toString(expected)));
    }

    function assertEq(int256 actual, int256 expected) internal pure {
        assertEq(actual, expected, "assertEq failed");
    }

    function assertEq(int256 actual, int256 expected, string memory message) internal pure {
        if (actual != expected) revert(_mismatch(message, _toString(actual), _toString(expected)));
    }

    function assertEq(address actual, address expected) internal pure {
        assertEq(actual, expected, "assertEq failed");
    }

    function assertEq(address actual, address expected, string memory message) internal pure {
        if (actual != expected) revert(_mismatch(message, _toHex(abi.encodePacked(actual)), _toHex(abi.encodePacked(expected))));
    }

    function assertEq(bool actual, bool expected) internal pure {
        assertEq(actual, expected, "assertEq failed");
    }

    function assertEq(bool actual, bool expected, string memory message) internal pure {
        if (actual != expected) revert(_mismatch(message, actual ? "true" : "false", expected ? "true" : "false"));
    }

    function assertEq(bytes32 actual, bytes32 expected) internal pure {
        assertEq(actual, expected, "assertEq failed");
    }

    function assertEq(bytes32 actual, bytes32 expected, string memory message) internal pure {
        if (actual != expected) revert(_mismatch(message, _toHex(abi.encodePacked(actual)), _toHex(abi.encodePacked(expected))));
    }

    function assertEq(string memory actual, string memory expected) internal pure {
        assertEq(actual, expected, "assertEq failed");
    }

    function assertEq(string memory actual, string memory expected, string memory message) internal pure {
        if (keccak256(bytes(actual)) != keccak256(bytes(expected))) revert(_mismatch(message, actual, expected));
    }

    function assertGt(uint256 a, uint256 b, string memory message) internal pure {
        if (a <= b) revert(string.concat(message, ": ", _toString(a), " <= ", _toString(b)));
    }

    function assertGe(uint256 a, uint256 b, string memory message) internal pure {
        if (a < b) revert(string.concat(message, ": ", _toString(a), " < ", _toString(b)));
    }

    function assertLt(uint256 a, uint256 b, string memory message) internal pure {
        if (a >= b) revert(string.concat(message, ": ", _toString(a), " >= ", _toString(b)));
    }

    function assertLe(uint256 a, uint256 b, string memory message) internal pure {
        if (a > b) revert(string.concat(message, ": ", _toString(a), " > ", _toString(b)));
    }

    /// Calls \`target\` with \`data\` and fails unless it reverts; returns the revert data.
    function expectRevert(address target, bytes memory data) internal returns (bytes memory) {
        (bool ok, bytes memory ret) = target.call(data);
        if (ok) revert("expected a revert, but the call succeeded");
        return ret;
    }

    /// Fails unless the call reverts with \`Error(reason)\` (require/revert with this message).
    function expectRevert(address target, bytes memory data, string memory reason) internal {
        bytes memory ret = expectRevert(target, data);
        bytes memory wanted = abi.encodeWithSignature("Error(string)", reason);
        if (keccak256(ret) != keccak256(wanted)) revert(string.concat("expected the revert reason \\"", reason, "\\""));
    }

    /// Fails unless the call reverts with the custom error \`selector\` (any arguments).
    function expectRevert(address target, bytes memory data, bytes4 selector) internal {
        bytes memory ret = expectRevert(target, data);
        if (ret.length < 4 || bytes4(ret) != selector) revert(string.concat("expected the custom error ", _toHex(abi.encodePacked(selector))));
    }

    /// Like expectRevert, with the call made by \`actor\`.
    function expectRevertFrom(Actor actor, address target, bytes memory data, bytes4 selector) internal {
        (bool ok, bytes memory ret) = actor.tryCall(target, data);
        if (ok) revert("expected a revert, but the call succeeded");
        if (ret.length < 4 || bytes4(ret) != selector) revert(string.concat("expected the custom error ", _toHex(abi.encodePacked(selector))));
    }

    function expectEmit(address emitter, bytes32 topic0, bytes memory data) internal {
        bytes32[] memory topics = new bytes32[](1);
        topics[0] = topic0;
        vm.expectEmit(emitter, topics, data);
    }

    function expectEmit(address emitter, bytes32 topic0, bytes32 topic1, bytes memory data) internal {
        bytes32[] memory topics = new bytes32[](2);
        topics[0] = topic0;
        topics[1] = topic1;
        vm.expectEmit(emitter, topics, data);
    }

    function expectEmit(address emitter, bytes32 topic0, bytes32 topic1, bytes32 topic2, bytes memory data) internal {
        bytes32[] memory topics = new bytes32[](3);
        topics[0] = topic0;
        topics[1] = topic1;
        topics[2] = topic2;
        vm.expectEmit(emitter, topics, data);
    }

    function newActor() internal returns (Actor actor) {
        actor = new Actor();
        payable(address(actor)).transfer(0);
    }

    function _mismatch(string memory message, string memory actual, string memory expected) private pure returns (string memory) {
        return string.concat(message, ": got ", actual, ", expected ", expected);
    }

    function _toString(uint256 value) internal pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 v = value; v != 0; v /= 10) digits++;
        bytes memory out = new bytes(digits);
        for (uint256 v = value; v != 0; v /= 10) out[--digits] = bytes1(uint8(48 + (v % 10)));
        return string(out);
    }

    function _toString(int256 value) internal pure returns (string memory) {
        if (value >= 0) return _toString(uint256(value));
        return string.concat("-", _toString(value == type(int256).min ? uint256(type(int256).max) + 1 : uint256(-value)));
    }

    function _toHex(bytes memory data) internal pure returns (string memory) {
        bytes memory digits = "0123456789abcdef";
        bytes memory out = new bytes(2 + data.length * 2);
        out[0] = "0";
        out[1] = "x";
        for (uint256 i = 0; i < data.length; i++) {
            out[2 + i * 2] = digits[uint8(data[i]) >> 4];
            out[3 + i * 2] = digits[uint8(data[i]) & 0x0f];
        }
        return string(out);
    }
}
`
