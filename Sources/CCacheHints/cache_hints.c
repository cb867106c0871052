// The module is its header (`include/CCacheHints.h`); a C target needs one source file.
#include "CCacheHints.h"
