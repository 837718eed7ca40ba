#ifndef CASCADE_CGTK_SHIM_H
#define CASCADE_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <glib-unix.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
/* gettext (glibc's libintl) and setlocale: the host translates UI strings. */
#include <libintl.h>
#include <locale.h>
/* malloc_trim: the memory of a released media pipeline goes back to the system. */
#include <malloc.h>

/* libdispatch exports these for CoreFoundation; the GTK host watches the main queue's
   file descriptor from GLib so Swift's main actor runs under g_application_run. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

#endif
