// HarfBuzz core and OpenType API only. hb-ft.h is left out on purpose: it
// would pull FreeType's types into this module as well as CFreeType, and
// Swift would then see two copies of FT_Face.
#include <hb.h>
#include <hb-ot.h>
