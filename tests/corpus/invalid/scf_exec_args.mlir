// EXPECT-ERROR: 4:3: 'scf.execute_region' op region cannot have any arguments
// scf.execute_region region with an argument
func.func @f(%n: index) {
  scf.execute_region {
  ^bb0(%a: index):
    scf.yield
  }
  return
}
