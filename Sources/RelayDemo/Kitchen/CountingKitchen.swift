/// The live ``Kitchen``: takes its ticket from the shared ``TicketDispenser`` when it is
/// created.
struct CountingKitchen: Kitchen {
    let ticket: Int

    /// Opens a kitchen with the next ticket from `dispenser`.
    init(dispenser: TicketDispenser) {
        self.ticket = dispenser.next()
    }
}
