import Auditor
import Foundation

// The executable only wires the command line to standard streams and the exit code.
let tool = CommandLineTool(
    output: { print($0, terminator: "") },
    errors: { FileHandle.standardError.write(Data($0.utf8)) },
    errorsAreTerminal: isatty(STDERR_FILENO) != 0)
exit(tool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
