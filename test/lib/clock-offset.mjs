// Preloaded (NODE_OPTIONS=--import) into a process whose clock must be off this machine's by
// CLOCK_OFFSET_MS (negative: behind), as a server with a wrong clock is: Date.now() and `new Date()` read it.
const offset = Number(process.env.CLOCK_OFFSET_MS ?? 0)
const MachineDate = Date
class DateOff extends MachineDate {
  constructor(...args) {
    if (args.length === 0) super(MachineDate.now() + offset)
    else super(...args)
  }
  static now() {
    return MachineDate.now() + offset
  }
}
globalThis.Date = DateOff
