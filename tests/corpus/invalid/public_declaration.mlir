// EXPECT-ERROR: 3:1: 'func.func' op symbol declaration cannot have public visibility
// a public function declaration (declarations must be private)
func.func @ext(f32) -> f32
