import Foundation
import Testing
import TestSupport
import JSON
import SessionSystem

/// The shipped planners of contrib/planners, run by `sessionctl plan next` against a
/// stand-in for the providers' HTTP APIs, ollama's included
/// (Tests/Planners/fake-model-server.py): what they send, that their answer imports, and
/// that the usage the endpoint reported is what is kept.
@Suite struct ContribPlannerTests {
    static let contrib = Fixtures.packageRoot + "/contrib/planners/"

    /// The fake provider on a free port, with the directory its requests are saved in.
    final class Provider {
        let log = Fixtures.temporaryDirectory("provider")
        let pid: pid_t
        var port = 0

        init() throws {
            pid = try ChildProcess.spawn("/usr/bin/env", ["python3", Fixtures.packageRoot + "/Tests/Planners/fake-model-server.py", log],
                                         descriptors: [-1, -1, -1])
            let portFile = log + "/port"
            port = (try? Wait.value(timeout: 10, "the fake provider's port") { access(portFile, F_OK) == 0 ? Int(Fixtures.read(portFile)) : nil }) ?? 0
            guard port > 0 else { throw Stop("the fake provider did not start") }
        }

        deinit {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            Fixtures.removeTree(log)
        }

        /// The Nth request it got: path, headers (lowercased) and body.
        func request(_ number: Int) throws -> JSONValue { try JSONParser.parse(Fixtures.read(log + "/http-\(number).json")) }
    }

    struct Stop: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The tokens `plan attempts` keeps for each attempt, newest first: in, out, source.
    func tokens(_ daemon: DaemonProcess) throws -> [[JSONValue]] {
        let listed = try daemon.ctl(["plan", "attempts", "--json"])
        return try (JSONParser.parse(listed.stdout).arrayValue ?? []).map { [$0["inputTokens"] ?? .null, $0["outputTokens"] ?? .null, $0["tokenSource"] ?? .null] }
    }

    func next(_ daemon: DaemonProcess, _ planner: String, environment: [String: String]) throws -> ProcessResult {
        try runProcess(Binaries.sessionctl, ["plan", "next", "--week", "2027-01-04", "--planner", Self.contrib + planner],
                       environment: ["SESSIOND_SOCKET": daemon.socketPath, "OPENAI_API_KEY": "", "CREDENTIALS_DIRECTORY": ""].merging(environment) { $1 },
                       timeout: 60)
    }

    @Test func theOpenAICompatiblePlannerSendsTheSchemaAsResponseFormatAndTheKeyAsABearer() throws {
        let provider = try Provider()
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let base = "http://127.0.0.1:\(provider.port)/v1"
        let result = try next(daemon, "openai-compatible", environment: ["PLANNER_BASE_URL": base, "PLANNER_API_KEY": "sk-test", "PLANNER_MODEL": "m1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("imported plan 1: Served Plan · week of 2027-01-04"))
        let request = try provider.request(1)
        #expect(request["path"] == "/v1/chat/completions")
        #expect(request["headers"]?["authorization"] == "Bearer sk-test")
        let body = try #require(request["body"])
        #expect(body["model"] == "m1")
        #expect(body["messages"]?.arrayValue?.map { $0["role"] } == ["system", "user"])
        #expect(body["response_format"]?["type"] == "json_schema")
        #expect(body["response_format"]?["json_schema"]?["schema"]?["properties"]?["days"] != nil)
        // The endpoint's usage is what is kept.
        let usage = try #require(request["response"]?["usage"])
        #expect(try tokens(daemon) == [[try #require(usage["prompt_tokens"]), try #require(usage["completion_tokens"]), "usage"]])

        // A key from a systemd credential; a refused key is the planner's failure, named.
        let credentials = provider.log + "/credentials"
        mkdir(credentials, 0o700)
        Fixtures.write("sk-from-credential\n", to: credentials + "/planner-api-key")
        let fromCredential = try next(daemon, "openai-compatible", environment: ["PLANNER_BASE_URL": base, "CREDENTIALS_DIRECTORY": credentials])
        #expect(fromCredential.status == 0, "\(fromCredential.stderr)")
        #expect(try provider.request(2)["headers"]?["authorization"] == "Bearer sk-from-credential")
        let refused = try next(daemon, "openai-compatible", environment: ["PLANNER_BASE_URL": base, "PLANNER_API_KEY": "wrong"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("the planner exited with status 1") && refused.stderr.contains("invalid api key"))

        // A server that gives no usage: the reply's tokens are estimated, and marked so.
        let noUsage = try next(daemon, "openai-compatible", environment: ["PLANNER_BASE_URL": base, "PLANNER_MODEL": "no-usage"])
        #expect(noUsage.status == 0, "\(noUsage.stderr)")
        #expect(try provider.request(4)["response"]?["usage"] == nil)
        #expect(try tokens(daemon).first?[2] == "estimate")
    }

    @Test func theAnthropicPlannerForcesAToolWhoseInputIsThePlan() throws {
        let provider = try Provider()
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let result = try next(daemon, "anthropic", environment: ["ANTHROPIC_BASE_URL": "http://127.0.0.1:\(provider.port)", "ANTHROPIC_API_KEY": "ak-test"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("imported plan 1: Served Plan"))
        let request = try provider.request(1)
        #expect(request["path"] == "/v1/messages")
        #expect(request["headers"]?["x-api-key"] == "ak-test")
        #expect(request["headers"]?["anthropic-version"] == "2023-06-01")
        let body = try #require(request["body"])
        #expect(body["system"]?.stringValue?.hasPrefix("You write 7-day training plans.") == true)
        #expect(body["messages"]?.arrayValue?.map { $0["role"] } == ["user"])
        #expect(body["tool_choice"] == .obj(["type": "tool", "name": "training_plan"]))
        #expect(body["tools"]?[0]?["input_schema"]?["properties"]?["days"] != nil)
        // Input read from the prompt cache counts as input.
        let usage = try #require(request["response"]?["usage"])
        let input = try #require(usage["input_tokens"]?.numberValue) + (usage["cache_creation_input_tokens"]?.numberValue ?? 0)
            + (usage["cache_read_input_tokens"]?.numberValue ?? 0)
        #expect(try tokens(daemon) == [[.number(input), try #require(usage["output_tokens"]), "usage"]])

        let noKey = try next(daemon, "anthropic", environment: ["ANTHROPIC_BASE_URL": "http://127.0.0.1:\(provider.port)", "ANTHROPIC_API_KEY": ""])
        #expect(noKey.status == 1)
        #expect(noKey.stderr.contains("no API key: set ANTHROPIC_API_KEY or the systemd credential anthropic-api-key"))
    }

    @Test func theOllamaPlannerAsksTheChatAPIForThePlanSchemaAndKeepsItsTokenCounts() throws {
        let provider = try Provider()
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        // OLLAMA_HOST as ollama reads it: a host and port without a scheme.
        let result = try next(daemon, "ollama", environment: ["OLLAMA_HOST": "127.0.0.1:\(provider.port)", "OLLAMA_MODEL": "qwen3"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("imported plan 1: Served Plan"))
        let request = try provider.request(1)
        #expect(request["path"] == "/api/chat")
        let body = try #require(request["body"])
        #expect(body["model"] == "qwen3" && body["stream"] == false)
        #expect(body["messages"]?.arrayValue?.map { $0["role"] } == ["system", "user"])
        #expect(body["messages"]?[0]?["content"]?.stringValue?.hasPrefix("You write 7-day training plans.") == true)
        #expect(body["format"]?["properties"]?["days"] != nil)
        let response = try #require(request["response"])
        #expect(try tokens(daemon) == [[try #require(response["prompt_eval_count"]), try #require(response["eval_count"]), "usage"]])
    }
}
