//go:build !linux

package engine

import "time"

// threadCPU is not measured off Linux.
func threadCPU() time.Duration { return 0 }
