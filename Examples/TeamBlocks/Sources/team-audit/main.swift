import Auditor
import BlockModels
import Foundation
import TeamBlocks

// The built-in blocks and the team's; the team's approved transcripts (./transcripts, where
// the audit runs) are searched before the bundled ones.
CommandLineTool.main(blocks: BuiltInBlocks.all + TeamBlocks.all,
                     approvedTranscripts: .bundled(after: URL(fileURLWithPath: "transcripts")))
