#ifndef CASCADE_CGTK_SHIM_H
#define CASCADE_CGTK_SHIM_H

#include <gtk/gtk.h>
/* libadwaita 1.2 (Debian 12): the application, window, header bar, about and preferences windows. */
#include <adwaita.h>
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

/* GtkAccessible's update and test-check functions are variadic, which Swift does not import:
   these fixed-argument wrappers are the host's and the tests' way to them. */
static inline void cascade_accessible_set_role(GtkWidget *widget, GtkAccessibleRole role) {
  /* accessible-role may change until the widget's AT context is realized: call right after
     the widget is created. */
  g_object_set(widget, "accessible-role", role, NULL);
}
static inline void cascade_accessible_set_label(GtkAccessible *self, const char *label) {
  gtk_accessible_update_property(self, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}
static inline void cascade_accessible_set_description(GtkAccessible *self, const char *text) {
  gtk_accessible_update_property(self, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}
static inline void cascade_accessible_set_value(GtkAccessible *self, double now, double min, double max,
                                                const char *text) {
  gtk_accessible_update_property(self, GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, min, GTK_ACCESSIBLE_PROPERTY_VALUE_MAX,
                                 max, GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, now, GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT,
                                 text, -1);
}
static inline void cascade_accessible_set_selected(GtkAccessible *self, gboolean selected) {
  gtk_accessible_update_state(self, GTK_ACCESSIBLE_STATE_SELECTED, selected, -1);
}
static inline void cascade_accessible_set_busy(GtkAccessible *self, gboolean busy) {
  gtk_accessible_update_state(self, GTK_ACCESSIBLE_STATE_BUSY, busy, -1);
}
static inline void cascade_accessible_set_hidden(GtkAccessible *self, gboolean hidden) {
  gtk_accessible_update_state(self, GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}
static inline void cascade_accessible_set_position(GtkAccessible *self, int position, int size) {
  gtk_accessible_update_relation(self, GTK_ACCESSIBLE_RELATION_POS_IN_SET, position, GTK_ACCESSIBLE_RELATION_SET_SIZE,
                                 size, -1);
}
static inline void cascade_accessible_set_reference(GtkAccessible *self, GtkAccessibleRelation relation,
                                                    GtkAccessible *other) {
  gtk_accessible_update_relation(self, relation, other, NULL, -1);
}
/* Tests: NULL when the value matches, else the value found (free it with g_free). */
static inline char *cascade_test_accessible_check_string(GtkAccessible *self, GtkAccessibleProperty property,
                                                         const char *expected) {
  return gtk_test_accessible_check_property(self, property, expected);
}
static inline char *cascade_test_accessible_check_number(GtkAccessible *self, GtkAccessibleProperty property,
                                                         double expected) {
  return gtk_test_accessible_check_property(self, property, expected);
}
static inline char *cascade_test_accessible_check_state(GtkAccessible *self, GtkAccessibleState state,
                                                        gboolean expected) {
  return gtk_test_accessible_check_state(self, state, expected);
}
static inline char *cascade_test_accessible_check_int_relation(GtkAccessible *self, GtkAccessibleRelation relation,
                                                               int expected) {
  return gtk_test_accessible_check_relation(self, relation, expected);
}
static inline char *cascade_test_accessible_check_reference(GtkAccessible *self, GtkAccessibleRelation relation,
                                                            GtkAccessible *expected) {
  return gtk_test_accessible_check_relation(self, relation, expected, NULL);
}

/* g_signal_emit_by_name is variadic: the tests' way to deliver a drop to a GtkDropTarget
   through its real "drop" signal, as GTK does when the pointer is released over it. */
static inline gboolean cascade_drop_target_emit_drop(GtkDropTarget *target, const GValue *value, double x,
                                                     double y) {
  gboolean taken = FALSE;
  g_signal_emit_by_name(target, "drop", value, x, y, &taken);
  return taken;
}

#endif
