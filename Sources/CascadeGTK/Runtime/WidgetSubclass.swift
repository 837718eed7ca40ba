import CGtk

/// GtkWidget subclasses registered from Swift, each keeping one Swift object on its instances
/// (what its vfuncs draw from): `CellTitleView`, `DurationBadge`.
enum WidgetSubclass {
    /// Registers `name`, a direct GtkWidget subclass whose `classInit` sets its vfuncs; call once.
    static func register(_ name: String, classInit: GClassInitFunc) -> GType {
        var info = GTypeInfo()
        info.class_size = guint16(clamping: MemoryLayout<GtkWidgetClass>.size)
        info.instance_size = guint16(clamping: MemoryLayout<GtkWidget>.size)
        info.class_init = classInit
        return g_type_register_static(gtk_widget_get_type(), name, &info, GTypeFlags(rawValue: 0))
    }

    /// A new (floating) instance of `type` with the CSS class `cssClass`, not a pointer target,
    /// keeping `object` under `key` until it is finalized.
    @MainActor
    static func make(
        _ type: GType, cssClass: String, keeping object: AnyObject, under key: GQuark
    ) -> UnsafeMutablePointer<GtkWidget> {
        let widget = UnsafeMutableRawPointer(g_object_new_with_properties(type, 0, nil, nil)!)
            .assumingMemoryBound(to: GtkWidget.self)
        gtk_widget_add_css_class(widget, cssClass)
        gtk_widget_set_can_target(widget, 0)
        let release: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        g_object_set_qdata_full(widget.as(GObject.self), key, Unmanaged.passRetained(object).toOpaque(), release)
        return widget
    }

    /// The object `make` keeps on `widget` under `key`, if it is a `T`.
    static func object<T: AnyObject>(of widget: UnsafeMutablePointer<GtkWidget>, under key: GQuark) -> T? {
        guard let data = g_object_get_qdata(widget.as(GObject.self), key) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as? T
    }
}
