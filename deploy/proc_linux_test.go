package deploy_test

import (
	"os/exec"
	"syscall"
)

// dieWithTest makes the server die with the test binary, even when a test
// times out and no cleanup runs.
func dieWithTest(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
