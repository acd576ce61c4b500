extension RandomAccessCollection {
    /// The first index whose element is not `before` the sought one, in a collection sorted so
    /// that every element `before` it comes first: where that element is, or would go.
    public func insertionIndex(where before: (Element) throws -> Bool) rethrows -> Index {
        var (low, count) = (startIndex, self.count)
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if try before(self[middle]) {
                low = index(after: middle)
                count -= half + 1
            } else {
                count = half
            }
        }
        return low
    }
}
