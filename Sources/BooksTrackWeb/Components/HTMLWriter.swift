import Plot

/// Writes pages built from Plot components straight into a string.
///
/// Plot's own renderer looks up each component's environment by reflection, which cost about
/// 60% of the CPU time of a library page (measured with `perf`, 1,000 books). Our pages are
/// built from ``Tag`` and ``Txt`` and from components whose `body` is made of them, so this
/// writer renders those directly and asks any other component for its `body`.
enum HTMLWriter {
    static func render(_ component: Component) -> String {
        var out = ""
        out.reserveCapacity(32_768)
        write(component, to: &out)
        return out
    }

    static func write(_ component: Component, to out: inout String) {
        if let writable = component as? HTMLWritable {
            writable.write(to: &out)
        } else if let node = component as? Node<Any> {
            out += node.render()
        } else {
            write(component.body, to: &out)
        }
    }
}

/// A component that can write its own HTML.
protocol HTMLWritable {
    func write(to out: inout String)
}

extension ComponentGroup: HTMLWritable {
    func write(to out: inout String) {
        for member in members { HTMLWriter.write(member, to: &out) }
    }
}

extension EmptyComponent: HTMLWritable {
    func write(to out: inout String) {}
}

extension Txt: HTMLWritable {
    func write(to out: inout String) { out += HTMLEscaping.text(string) }
}

extension Tag: HTMLWritable {
    func write(to out: inout String) {
        out += "<"
        out += name
        for attribute in attributes {
            guard let value = attribute.value else { continue }
            out += " "
            out += attribute.name
            if !attribute.isFlag {
                out += "=\""
                out += HTMLEscaping.attribute(value)
                out += "\""
            }
        }
        if selfClosing {
            out += "/>"
            return
        }
        out += ">"
        if let content { HTMLWriter.write(content, to: &out) }
        out += "</"
        out += name
        out += ">"
    }
}
