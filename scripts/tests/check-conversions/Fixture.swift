// Fixture for scripts/tests/test_check_conversions.py: each line marked BAD must be reported,
// each marked OK must not.
func fixture(seconds: Double, size: CGSize, bytes: [UInt8], text: String) {
    _ = Int(seconds.rounded())  // BAD
    _ = Int32(size.height)  // BAD
    _ = gint(size.width * 2)  // BAD
    _ = "\(Int(seconds)) s"  // BAD
    _ = Int(saturating: seconds)  // OK
    _ = Int32(saturatingRounded: size.height)  // OK
    _ = Int(bytes[0] & 0x0f)  // OK
    _ = UInt32(GDK_KEY_Return)  // OK
    _ = Int64(bytes.count)  // OK
    _ = Int(42)  // OK
    _ = Int(text)  // OK (allowlisted)
    // _ = Int(seconds) in a comment is ignored
    _ = "Int(seconds) in a string is ignored"
}
