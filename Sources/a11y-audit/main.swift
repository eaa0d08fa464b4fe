import Auditor
import BlockModels

// The executable chooses the blocks; the command line, streams and exit code are the library's.
CommandLineTool.main(blocks: BuiltInBlocks.all)
