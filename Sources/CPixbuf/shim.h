#ifndef CASCADE_CPIXBUF_SHIM_H
#define CASCADE_CPIXBUF_SHIM_H
#include <gdk-pixbuf/gdk-pixbuf.h>
#endif
