import CascadeGTK
import Foundation

// The feed screen arrives with issue 7; until then `cascade` says so instead of pretending.
FileHandle.standardError.write(Data("cascade: the app window is not built yet (issue 7)\n".utf8))
exit(1)
