// The Linux image decoder over gdk-pixbuf (no GTK needed), implementing
// `CascadeImages.ImageDecoding`. See `PixbufImageDecoder`.
@_exported import CascadeImages
