/// Where a change set comes from, which decides whose records it may carry (issue 26).
///
/// Consent is the user's own: a partnership side, a shared goal or a linked habit of another
/// user is believed only when it comes from where that user alone writes. A device relays
/// what its server sent, so a device trusts its own replicas; a server hears from each user's
/// replica itself, so it believes nobody's claim about another user.
public enum ChangeSource: Sendable, Hashable {
    /// One of the user's own replicas, relaying what it received (another device, a file, a
    /// backup, the server a device pulls from): the user's records, and what partners and
    /// inviters share with them (`SyncRules.checkOwner`).
    case replica
    /// One of the user's devices pushing to a server that hears from every user's replica
    /// itself: the user's own records. Another user's record that the user may see (an echo of
    /// what the server sent) is ignored; anyone else's is refused.
    case device
    /// The replica of user `partner` (a server forwarding what they share): that user's
    /// records, as the sharing rules let them in. Anyone else's is ignored, the receiving
    /// user's own included: only they write those.
    case partner(String)
}
