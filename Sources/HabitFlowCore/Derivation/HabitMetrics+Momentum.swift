/// Momentum: Loop Habit Tracker's habit strength over the line of days `HabitMetrics` derives,
/// and the fast paths of `summary` that read only the last half-lives of history.
extension HabitMetrics {
    /// Loop Habit Tracker's habit strength in [0, 1] as of `today` (Lally et al. 2010 on
    /// automaticity: gentle, one missed day barely matters).
    ///
    /// From the first logged day, per day: `s = s·m + c·(1 − m)` with `m = 0.5^(√f / 13)`,
    /// f = required times per day (1 daily, N/7 for N per week). It starts at 0, for every
    /// target type; c is the day's credit, read from its status: 1 when complete, min(value/
    /// target, 1) for numeric at-least (Loop's partial credit), 0 over an at-most limit (as a
    /// missed day: SPEC §6), and for N per week min(1, complete days among the last 14 / 2N).
    /// No entry earns no credit; days that ask nothing leave the score unchanged.
    public func momentum(today: DayKey) -> Double {
        guard let first = firstLoggedDay, first <= today else { return 0 }
        return momentum(line(from: first, through: today))
    }

    func momentum(_ line: DayLine, from offset: Int = 0) -> Double {
        momentumWalk(line, from: offset) { _, _ in }
    }

    /// Loop's score after each day of `line` from `offset` (see `momentum(today:)`), reported
    /// to `visit` with the day's slot; returns the last. One walk serves the score and its
    /// history, so the chart and the number cannot disagree.
    @inline(__always)
    func momentumWalk(_ line: DayLine, from offset: Int = 0, _ visit: (Int, Double) -> Void) -> Double {
        guard offset < line.count else { return 0 }
        var cursor = RuleCursor(rules, from: line.start.dayNumber + Int32(offset))
        var score: Double = 0
        var perWeek = -1, m = 0.0
        var completeInWindow = 0  // complete days among the last 14 (weekly credit)
        for i in offset..<line.count {
            let rule = cursor.rule(on: line.start.dayNumber + Int32(i))
            if rule.perWeek != perWeek {
                perWeek = rule.perWeek
                let frequency = perWeek > 0 ? Double(perWeek) / 7 : 1
                m = pow2(-frequency.squareRoot() / 13)
            }
            let status = line.statuses[i]
            if status == .complete { completeInWindow += 1 }
            if i - 14 >= offset, line.statuses[i - 14] == .complete { completeInWindow -= 1 }
            guard rule.isRequired else {
                visit(i, score)
                continue
            }
            let credit: Double
            if perWeek > 0 {
                credit = min(1, Double(completeInWindow) / Double(2 * perWeek))
            } else if habit.bundle != nil {
                credit = status == .complete ? 1 : 0
            } else {
                credit = self.credit(line.values[i], rule)
            }
            score = score * m + credit * (1 - m)
            visit(i, score)
        }
        return score
    }
}

extension HabitMetrics {
    /// How many half-lives of history momentum reads: an earlier day weighs at most
    /// 2^-56 ≈ 1.4e-17 of the score, far below the 1e-12 it is checked to.
    static let momentumHalfLives = 56

    /// Loop's score of a daily habit (see `momentum(today:)`), over the last
    /// `momentumHalfLives` half-lives (13 days each) when no rest falls in them — the
    /// days before change the result by less than 1e-16 — else from the first logged day.
    func dailyMomentum(from first: DayKey, through today: DayKey) -> Double {
        let logged = days.days, values = days.values
        let m = pow2(-1.0 / 13)
        var from = max(first.dayNumber, today.dayNumber - Int32(13 * Self.momentumHalfLives))
        // A rest in the window stops the decay for a while: then the whole history counts.
        if rules.anyRest(from: from, through: today.dayNumber) { from = first.dayNumber }
        var cursor = RuleCursor(rules, from: from)
        var e = logged.partitionPoint { $0 < from }
        var score: Double = 0
        var day = from
        while day <= today.dayNumber {
            let rule = cursor.rule(on: day)
            var value: Double? = nil
            if e < logged.count, logged[e] == day {
                value = values[e]
                e += 1
            }
            if rule.isRequired { score = score * m + credit(value, rule) * (1 - m) }
            day += 1
        }
        return score
    }

    /// Loop's score of an N-per-week habit (see `momentum(today:)`), over its last
    /// `momentumHalfLives` half-lives when no rest falls in them, else from the first logged day.
    func weeklyMomentum(_ n: Int, from first: DayKey, through today: DayKey) -> Double {
        let logged = days.days, values = days.values
        let halfLife = 13 / (Double(n) / 7).squareRoot()
        let m = pow2(-1 / halfLife)
        let window = Int32((halfLife * Double(Self.momentumHalfLives)).rounded(.up))
        var from = max(first.dayNumber, today.dayNumber - window)
        if rules.anyRest(from: from, through: today.dayNumber) {
            from = first.dayNumber  // a rest in the window: the whole history counts
        }
        // The 14-day credit window reaches back before `from` (never before the first logged day).
        let creditStart = max(first.dayNumber, from - 13)
        var e = logged.partitionPoint { $0 < creditStart }
        var cursor = RuleCursor(rules, from: creditStart)
        var recent: UInt16 = 0, count = 0  // complete flags of the last 14 days (bit i: i days ago)
        var score: Double = 0
        var day = creditStart
        while day <= today.dayNumber {
            let rule = cursor.rule(on: day)
            var complete = false
            if e < logged.count, logged[e] == day {
                complete = rule.isRequired && rule.meets(values[e])
                e += 1
            }
            if recent & (1 << 13) != 0 { count -= 1 }
            recent = (recent << 1) & 0x3FFF
            if complete {
                recent |= 1
                count += 1
            }
            if day >= from, rule.isRequired { score = score * m + min(1, Double(count) / Double(2 * n)) * (1 - m) }
            day += 1
        }
        return score
    }
}

/// 2^x for the momentum multiplier, without Foundation.
func pow2(_ x: Double) -> Double {
    // exp(x · ln 2) by its series: |x| here is < 1, so 30 terms reach full precision.
    let y = x * 0.693_147_180_559_945_3
    var term = 1.0, sum = 1.0
    for k in 1...30 {
        term *= y / Double(k)
        sum += term
    }
    return sum
}
