extension Zone {
    /// The Unix second of local wall-clock second `local` (seconds since 1970-01-01T00:00 in
    /// this zone's wall time), disambiguated as Temporal's `"compatible"`: a time that occurs
    /// twice (a fold) is the earlier instant; a time skipped by a gap moves forward by the gap
    /// (02:30 on a spring-forward night is 03:30).
    public func unixSecond(local: Int64) -> Int64 {
        // The offsets in force around that wall time: at most one transition a day is assumed
        // on either side, as in every zone of the tz database.
        let before = offset(at: local - Civil.secondsPerDay), after = offset(at: local + Civil.secondsPerDay)
        var earliest: Int64? = nil
        for o in [before, after] {
            let t = local - Int64(o)
            if offset(at: t) == o { earliest = min(earliest ?? t, t) }
        }
        return earliest ?? local - Int64(before)
    }
}
