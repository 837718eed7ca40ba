#ifndef CASCADE_CGSTREAMER_SHIM_H
#define CASCADE_CGSTREAMER_SHIM_H
/* GStreamer without GTK: the discoverer (gst-pbutils) probes files, an appsink pipeline grabs frames. */
#include <gst/gst.h>
#include <gst/pbutils/pbutils.h>
#include <gst/app/gstappsink.h>
#include <gst/video/video.h>
#endif
